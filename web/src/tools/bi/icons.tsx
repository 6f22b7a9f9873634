import { Icon, type IconProps } from "../../components/icons";

/** The BI card's icons (the stroke style of components/icons.tsx), one per kind of tool. */

/** A list with markers: a cube's enum fields and their values. */
export function EnumIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <rect x="3.5" y="4.5" width="3" height="3" rx="0.5" />
      <rect x="3.5" y="10.5" width="3" height="3" rx="0.5" />
      <rect x="3.5" y="16.5" width="3" height="3" rx="0.5" />
    </Icon>
  );
}

/** A table with a header row: a query and its rows. */
export function QueryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M3.5 9.5h17M3.5 14.5h17M9.5 9.5v10" />
    </Icon>
  );
}

/** A sheet with a folded corner: the file an export is written to. */
export function SheetIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3.5H7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-10z" />
      <path d="M14 3.5v5h5M9 13h6M9 16.5h6" />
    </Icon>
  );
}

/** A big number: a dashboard's KPI tile. */
export function KpiIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M8 15.5V9l-1.5 1M12 9h3.5l-2 6.5" />
    </Icon>
  );
}

/** A line over axes: a line chart tile. */
export function LineChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4v16h16" />
      <path d="m7.5 14.5 3.5-4 3 2.5 4.5-6" />
    </Icon>
  );
}

/** Bars over an axis: a bar chart tile. */
export function BarChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h16" />
      <path d="M7 20v-7M12 20V7M17 20v-10" />
    </Icon>
  );
}

/** Bars cut into stacks: a stacked bar chart tile. */
export function StackedBarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h16" />
      <rect x="5.5" y="11" width="3.5" height="9" />
      <rect x="10.25" y="6" width="3.5" height="14" />
      <rect x="15" y="9" width="3.5" height="11" />
      <path d="M5.5 15.5H9M10.25 12h3.5M15 14.5h3.5" />
    </Icon>
  );
}
