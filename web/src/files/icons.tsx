import type { ReactNode } from "react";
import { Icon, type IconProps } from "../components/icons";
import type { FileClass } from "./kinds";

export function ExpandIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </Icon>
  );
}

export function ShrinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
    </Icon>
  );
}

/** A page with a folded corner, and a mark inside saying what kind of file it is. */
function Page({ children, ...props }: IconProps & { children?: ReactNode }) {
  return (
    <Icon {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      {children}
    </Icon>
  );
}

/** The mark inside the page for each spec class (002 §9). */
const CLASS_MARKS: Record<FileClass, ReactNode> = {
  image: (
    <>
      <circle cx="10" cy="12" r="1.25" />
      <path d="m8 18 3-3 2 2 1.5-1.5L17 18z" />
    </>
  ),
  video: <path d="M10 12v5l4.5-2.5z" />,
  audio: (
    <>
      <path d="M11 17.5V12l4-1v5" />
      <circle cx="9.75" cy="17.5" r="1.25" />
      <circle cx="13.75" cy="16" r="1.25" />
    </>
  ),
  pdf: <path d="M8.5 18c2-1 5-5 3-7.5-1.5 1.5 1 6 4.5 6.5" />,
  excel: <path d="M8 12h8v6H8zM8 15h8M12 12v6" />,
  word: <path d="M8 12h8M8 15h8M8 18h5" />,
  powerpoint: (
    <>
      <rect x="8" y="11.5" width="8" height="5" rx="0.5" />
      <path d="M12 16.5V19" />
    </>
  ),
  archive: <path d="M11 4v1.5M11 7.5V9M11 11v1.5M10 14h2v3h-2z" />,
  code: <path d="m10 12.5-2 2 2 2M14 12.5l2 2-2 2" />,
  text: <path d="M8 12h8M8 15h8M8 18h6" />,
  other: null,
};

/** The colours of each class's icon tile: one glance tells a spreadsheet from a PDF. */
export const FILE_CLASS_TONES: Record<FileClass, string> = {
  image: "bg-sky-50 text-sky-700",
  video: "bg-violet-50 text-violet-700",
  audio: "bg-fuchsia-50 text-fuchsia-700",
  pdf: "bg-rose-50 text-rose-700",
  excel: "bg-emerald-50 text-emerald-700",
  word: "bg-blue-50 text-blue-700",
  powerpoint: "bg-orange-50 text-orange-700",
  archive: "bg-amber-50 text-amber-700",
  code: "bg-indigo-50 text-indigo-700",
  text: "bg-slate-100 text-slate-600",
  other: "bg-slate-100 text-slate-500",
};

/** The icon of a file of `fileClass` (spec 002 §9's classes). */
export function FileClassIcon({ fileClass, ...props }: IconProps & { fileClass: FileClass }) {
  return (
    <Page data-file-class={fileClass} {...props}>
      {CLASS_MARKS[fileClass]}
    </Page>
  );
}
