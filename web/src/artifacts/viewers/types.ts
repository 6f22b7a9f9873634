import type { ComponentType } from "react";
import type { Artifact } from "../store";

export type ViewerProps = { artifact: Artifact };
export type Viewer = ComponentType<ViewerProps>;
