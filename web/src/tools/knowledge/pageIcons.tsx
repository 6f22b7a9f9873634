import { Icon, type IconProps } from "../../components/icons";

/** The icons of the family's pages and user-menu entries: small, as the menu is in the main bundle. */

/** An open book: the knowledge bases. */
export function BookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5z" />
      <path d="M12 6.5v13" />
    </Icon>
  );
}
