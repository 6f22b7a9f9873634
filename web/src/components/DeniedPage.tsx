import { useTranslation } from "react-i18next";
import type { PageDenied } from "../tools/types";
import { OnlyAdmins } from "./OnlyAdmins";
import { SignedInLayout } from "./SignedInLayout";

/**
 * A page opened by someone without its role: whom the page is for, in its own words. A
 * chunk of its own, so the page's chunk is never loaded for them.
 */
export default function DeniedPage({ denied }: { denied: PageDenied }) {
  const { t } = useTranslation();
  const { title, body } = denied(t);
  return (
    <SignedInLayout>
      <OnlyAdmins title={title} body={body} />
    </SignedInLayout>
  );
}
