import { useTranslation } from "react-i18next";
import { openArtifact } from "../../artifacts/store";
import { ExternalImage } from "../../markdown/ExternalImage";
import { ImageIcon } from "../../components/icons";
import { isOwnImage } from "../../lib/images";
import { cut } from "../../lib/text";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { readImages } from "./images";

/** Characters of the prompt used as the card's title (spec 001 §9). */
export const IMAGE_PROMPT_TITLE_CHARS = 40;

/**
 * imageGenerationTool (spec 001 §2.19): titled by the prompt cut at 40 characters, shows
 * the images (each opens in the side panel); a failure shows its error or 'Unknown error'.
 */
export function ImageGenerationCard({ invocation }: ToolCardProps<"imageGenerationTool">) {
  const { t } = useTranslation();
  const result = readImages(invocation.output);
  const prompt = invocation.input?.prompt ?? result?.prompt;
  const title = prompt ? cut(prompt, IMAGE_PROMPT_TITLE_CHARS) : t("image.title");
  const failure = result?.failure === undefined ? undefined : (result.failure ?? t("tools.unknownError"));
  const images = result?.images ?? [];

  const show = (url: string, index: number) =>
    openArtifact(invocation.messageId, {
      id: `image-${invocation.toolCallId}-${index}`,
      type: "image",
      title: prompt ? cut(prompt, IMAGE_PROMPT_TITLE_CHARS) : t("image.imageAlt", { n: index + 1 }),
      props: { src: url, alt: prompt ?? "" },
    });

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<ImageIcon className="size-4.5" />}
      accent="rose"
      title={title}
      runningLabel={t("image.running")}
      summary={t("image.count", { n: images.length })}
      failure={failure ?? (invocation.phase === "completed" && images.length === 0 ? t("tools.unknownError") : undefined)}
      defaultOpen
    >
      <ul className={`grid gap-2 ${images.length > 1 ? "grid-cols-2" : "grid-cols-1"}`} data-testid="generated-images">
        {images.map(({ url, index }) => {
          const alt = t("image.imageAlt", { n: index + 1 });
          return (
            <li key={`${index}-${url}`}>
              {isOwnImage(url) ? (
                <button
                  type="button"
                  onClick={() => show(url, index)}
                  title={t("image.open", { n: index + 1 })}
                  aria-label={t("image.open", { n: index + 1 })}
                  className="block w-full overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 hover:ring-teal-400 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
                >
                  <img src={url} alt={alt} loading="lazy" className="aspect-square w-full object-cover" />
                </button>
              ) : (
                <ExternalImage src={url} alt={alt} />
              )}
            </li>
          );
        })}
      </ul>
    </ToolCardShell>
  );
}
