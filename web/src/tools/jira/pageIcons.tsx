import { Icon, type IconProps } from "../../components/icons";

/** The icons of the family's pages and user-menu entries: small, as the menu is in the main bundle. */

/** A ticket, for the issue tracker. */
export function TrackerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 9V6a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v3a3 3 0 0 0 0 6v3a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-3a3 3 0 0 0 0-6z" />
      <path d="M9 5v2M9 11v2M9 17v2" />
    </Icon>
  );
}
