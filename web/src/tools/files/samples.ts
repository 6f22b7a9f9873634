import type { SampleChecks } from "../types";

/** The file card shows the file's name and description. */
const checks: SampleChecks = {
  displayFileTool: (sample) => [sample.fileData.props.fileName, sample.fileData.props.description],
};

export default checks;
