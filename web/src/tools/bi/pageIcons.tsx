import { Icon, type IconProps } from "../../components/icons";

/** The icons of the family's pages and user-menu entries: small, as the menu is in the main bundle. */

/** Tiles of different sizes: a dashboard. */
export function DashboardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
      <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
      <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
    </Icon>
  );
}

/** A cube: the catalogue of cubes and a cube's schema on the card, the cubes' page in the menu. */
export function CubeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4 7.5v9L12 21l8-4.5v-9z" />
      <path d="M4 7.5 12 12l8-4.5M12 12v9" />
    </Icon>
  );
}
