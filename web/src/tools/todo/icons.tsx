import { Icon, type IconProps } from "../../components/icons";

/** The todo cards' icons (the stroke style of components/icons.tsx). */

/** A checklist: a plan of tasks. */
export function ChecklistIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m4 6 1.5 1.5L8 5" />
      <path d="m4 12 1.5 1.5L8 11" />
      <path d="M4.5 17.5h3" />
      <path d="M11 6h9M11 12h9M11 18h9" />
    </Icon>
  );
}

/** A checklist with an arrow: a task whose status changes. */
export function TaskUpdateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m4 6 1.5 1.5L8 5" />
      <path d="M11 6h9M4 12h16" />
      <path d="M4 18h9m3-2.5 2.5 2.5-2.5 2.5" />
    </Icon>
  );
}

/** An empty circle: pending. */
export function PendingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8" strokeDasharray="3 3" />
    </Icon>
  );
}

/** A half-filled circle: in progress. */
export function InProgressIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
    </Icon>
  );
}

/** A circle with a tick: completed. */
export function CompletedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </Icon>
  );
}

/** A circle with a cross: failed. */
export function FailedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8" />
      <path d="m9.5 9.5 5 5m0-5-5 5" />
    </Icon>
  );
}
