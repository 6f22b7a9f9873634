import type { ReactNode } from "react";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Logo } from "./Logo";
import { MarketingMessage } from "./MarketingMessage";

/** The frame of the pages that sign people in: the marketing message beside a narrow column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
      <aside className="bg-route-grid order-last bg-navy-950 px-6 py-10 sm:px-10 lg:order-first lg:flex lg:flex-col lg:px-14 lg:py-12">
        <div className="hidden lg:block">
          <Logo />
        </div>
        <div className="lg:my-auto lg:pt-10">
          <MarketingMessage level={2} />
        </div>
      </aside>
      <div className="flex flex-col bg-white">
        <div className="flex items-center justify-between gap-4 px-6 py-5 sm:px-10">
          <span className="rounded-xl bg-navy-950 px-3 py-1.5 lg:invisible">
            <Logo />
          </span>
          <LanguageSwitcher />
        </div>
        <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-6 pt-4 pb-12 focus:outline-none sm:px-10">
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
    </div>
  );
}
