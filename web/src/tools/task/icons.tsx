import { Icon, type IconProps } from "../../components/icons";

/** The Task Completed card's icon (the stroke style of components/icons.tsx). */

export function FlagCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16.5 9.5" />
    </Icon>
  );
}
