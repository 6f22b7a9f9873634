import { Icon, type IconProps } from "../../components/icons";

/** The knowledge card's icon (the stroke style of components/icons.tsx). */

/** An open book under a magnifier: searching the knowledge bases. */
export function KnowledgeSearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 5.5C5 4.5 7.5 4.5 10 6v11c-2.5-1.5-5-1.5-7-.5z" />
      <path d="M10 6c1.6-1 3.3-1.4 5-1.2" />
      <path d="M6 9h1.5M6 12h1.5" />
      <circle cx="16.5" cy="14.5" r="3.5" />
      <path d="m19 17 2 2" />
    </Icon>
  );
}
