import { Icon, type IconProps } from "../../components/icons";

/** The issue-tracker card's icons (the stroke style of components/icons.tsx), one per kind of tool. */

/** Folders side by side: the tracker's projects. */
export function ProjectsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 7a2 2 0 0 1 2-2h3.5l2 2h7.5a2 2 0 0 1 2 2v8.5a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" />
      <path d="M3.5 10.5h17" />
    </Icon>
  );
}

/** A form with fields, one marked: an issue type's create fields. */
export function FieldsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="3.5" width="16" height="17" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h4" />
      <path d="M16.5 15.5v2M15.5 16.5h2" />
    </Icon>
  );
}

/** A ticket with a plus: filing an issue. */
export function CreateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7.5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2V10a2 2 0 0 0 0 4v2.5a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V14a2 2 0 0 0 0-4z" />
      <path d="M12 9.5v5M9.5 12h5" />
    </Icon>
  );
}

/** A ticket under a magnifier: searching the issues. */
export function SearchIssuesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6.5h10M4 11h6M4 15.5h4" />
      <circle cx="15.5" cy="14" r="3.5" />
      <path d="m18 16.5 2.5 2.5" />
    </Icon>
  );
}

/** Two states joined by an arrow: an issue's workflow transitions. */
export function TransitionIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="8.5" width="6" height="7" rx="1.5" />
      <rect x="15" y="8.5" width="6" height="7" rx="1.5" />
      <path d="M9 12h6M12.5 9.5 15 12l-2.5 2.5" />
    </Icon>
  );
}
