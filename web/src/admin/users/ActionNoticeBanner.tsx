import { NoticeBanner } from "../../components/NoticeBanner";

/** The outcome of the last row action; an error is announced at once, a success politely. */
export const ActionNoticeBanner = NoticeBanner;
