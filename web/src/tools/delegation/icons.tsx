import { Icon, type IconProps } from "../../components/icons";

/** The delegation card's icons (the stroke style of components/icons.tsx). */

/** A person and an arrow away from them: a task handed on to an agent. */
export function HandOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="7" cy="7" r="3" />
      <path d="M2.5 19a4.5 4.5 0 0 1 9 0" />
      <path d="M13 12h7m-2.5-2.5L20 12l-2.5 2.5" />
    </Icon>
  );
}
