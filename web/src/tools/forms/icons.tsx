import { Icon, type IconProps } from "../../components/icons";

/** The form card's icon (the stroke style of components/icons.tsx): a clipboard with lines to fill. */
export function FormIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="M8.5 10h7M8.5 13.5h7M8.5 17h4" />
    </Icon>
  );
}
