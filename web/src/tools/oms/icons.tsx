import { Icon, type IconProps } from "../../components/icons";

/** The order-management card's icon (the stroke style of components/icons.tsx). */

/** A clipboard of order lines. */
export function OrdersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4h6v2.5H9z" />
      <path d="M15 5h2.5A1.5 1.5 0 0 1 19 6.5v13a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19.5v-13A1.5 1.5 0 0 1 6.5 5H9" />
      <path d="M8.5 11h.01M11 11h4.5M8.5 14.5h.01M11 14.5h4.5M8.5 18h.01M11 18h3" />
    </Icon>
  );
}
