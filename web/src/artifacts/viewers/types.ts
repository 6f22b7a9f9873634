import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import type { Artifact } from "../store";

export type ViewerProps = { artifact: Artifact };
export type Viewer = ComponentType<ViewerProps>;

/** How one artifact type is shown: the panel's own types and those tool families bring. */
export type ViewerSpec = {
  /** The props the type needs (spec 000 §2); each entry is met by any one of its names. */
  requires: readonly (readonly string[])[];
  /** The sentence for an artifact of the type that lacks one of them. */
  missing: (t: TFunction) => string;
  View: Viewer;
};
