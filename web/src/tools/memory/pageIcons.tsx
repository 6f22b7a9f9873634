import { Icon, type IconProps } from "../../components/icons";

/** The icons of the family's pages and user-menu entries: small, as the menu is in the main bundle. */

/** A memory chip: what the assistant remembers (the memory page, the user menu). */
export function MemoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="6" width="16" height="12" rx="2" />
      <path d="M8 10h8M8 14h5M8 3v3M16 3v3M8 18v3M16 18v3" />
    </Icon>
  );
}
