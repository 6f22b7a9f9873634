import { Icon, type IconProps } from "../../components/icons";

/** The memory card's icons (the stroke style of components/icons.tsx), one per tool. */

/** A memory chip under a magnifier: searching what the assistant remembers. */
export function SearchMemoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="11" height="9" rx="1.5" />
      <path d="M6.5 8.5h5M6.5 11h3M6.5 3v2M11.5 3v2" />
      <circle cx="16.5" cy="16" r="3.5" />
      <path d="m19 18.5 2 2" />
    </Icon>
  );
}

/** A memory chip with a plus: keeping a new fact. */
export function SaveMemoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="6" width="13" height="11" rx="2" />
      <path d="M7 10h6M7 13h3.5M7.5 3.5V6M12.5 3.5V6M7.5 17v2.5M12.5 17v2.5" />
      <path d="M19.5 8v5M17 10.5h5" />
    </Icon>
  );
}

/** A memory chip with a minus: forgetting a fact. */
export function DeleteMemoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="6" width="13" height="11" rx="2" />
      <path d="M7 10h6M7 13h3.5M7.5 3.5V6M12.5 3.5V6M7.5 17v2.5M12.5 17v2.5" />
      <path d="M17 10.5h5" />
    </Icon>
  );
}
