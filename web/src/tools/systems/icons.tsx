import { Icon, type IconProps } from "../../components/icons";

/** The business-systems cards' icons (the stroke style of components/icons.tsx). */

/** Braces with a magnifier: searching the systems' operations. */
export function ApiSearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4H6a2 2 0 0 0-2 2v3l-1.5 1.5L4 12v3a2 2 0 0 0 2 2h1" />
      <circle cx="14.5" cy="10.5" r="3.5" />
      <path d="m17 13 3.5 3.5" />
    </Icon>
  );
}

/** Braces with an arrow through them: a request sent to a system. */
export function ApiCallIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 4H7a2 2 0 0 0-2 2v3.5L3.5 11 5 12.5V16a2 2 0 0 0 2 2h1" />
      <path d="M16 4h1a2 2 0 0 1 2 2v3.5l1.5 1.5-1.5 1.5V16a2 2 0 0 1-2 2h-1" />
      <path d="M9 11h6m-2.5-2.5L15 11l-2.5 2.5" />
    </Icon>
  );
}
