import { type Notice, NoticeBanner } from "../../../components/NoticeBanner";

/** The outcome of the last action on a system, with a second line for the details (a connection test's). */
export type SystemNotice = Notice;

export const SystemNoticeBanner = NoticeBanner;
