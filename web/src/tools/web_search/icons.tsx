import { Icon, type IconProps } from "../../components/icons";

/** The web search cards' icons (the stroke style of components/icons.tsx), drawn here: no site's favicon is ever fetched. */

/** A globe under a magnifier: webSearch. */
export function GlobeSearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M4 10.5h13M10.5 4c-2.2 2.4-2.2 10.6 0 13M10.5 4c2.2 2.4 2.2 10.6 0 13" />
      <path d="m15.5 15.5 4.5 4.5" />
    </Icon>
  );
}

/** A page with lines of text: readWebPage. */
export function PageTextIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4M9 11h6M9 14h6M9 17h4" />
    </Icon>
  );
}
