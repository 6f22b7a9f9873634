import { Icon, type IconProps } from "../../components/icons";

/** The weather card's icons (the stroke style of components/icons.tsx). */

export function SunCloudIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 3v1.5M3.5 8H2M4.8 4.8l1 1M12.2 4.8l-1 1" />
      <path d="M11.3 9.2A3.5 3.5 0 1 0 5 11" />
      <path d="M8.5 20h9a3.5 3.5 0 0 0 .4-7 5 5 0 0 0-9.6 1.3A3 3 0 0 0 8.5 20z" />
    </Icon>
  );
}

export function DropletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5s6 6.2 6 10.5a6 6 0 0 1-12 0c0-4.3 6-10.5 6-10.5z" />
    </Icon>
  );
}

export function WindIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 8h10a3 3 0 1 0-3-3M3 12h15a3 3 0 1 1-3 3M3 16h7" />
    </Icon>
  );
}
