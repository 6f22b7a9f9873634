import { useCallback, useEffect, useRef, useState } from "react";
import { useLatest } from "../../lib/useLatest";
import { type AttachSource, isImage, mediaTypeOf, splitBySize } from "../attachments";

export type Attachment = {
  id: string;
  file: File;
  /** An object URL for image thumbnails; revoked when the file is removed. */
  previewUrl: string | null;
};

/** Files refused for being over the limit, and how they arrived (the alert differs). */
export type RefusedFiles = { source: AttachSource; files: File[] };

let nextId = 0;

/**
 * The files waiting to be sent with the next message. With `imagesOnly` (live-agent
 * mode, spec 002 §5) any other file is refused, and `unsupported` says which.
 */
export function useAttachments(imagesOnly = false) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [refused, setRefused] = useState<RefusedFiles | null>(null);
  const [unsupported, setUnsupported] = useState<RefusedFiles | null>(null);
  const urls = useRef(new Set<string>());
  const imagesOnlyRef = useLatest(imagesOnly);

  const release = (items: readonly Attachment[]) => {
    for (const a of items) {
      if (a.previewUrl) {
        URL.revokeObjectURL(a.previewUrl);
        urls.current.delete(a.previewUrl);
      }
    }
  };

  const add = useCallback((given: readonly File[], source: AttachSource) => {
    let files = given;
    if (files.length === 0) return;
    if (imagesOnlyRef.current) {
      const others = files.filter((f) => !isImage(mediaTypeOf(f)));
      if (others.length > 0) setUnsupported({ source, files: others });
      files = files.filter((f) => isImage(mediaTypeOf(f)));
      if (files.length === 0) return;
    }
    const { accepted, tooLarge } = splitBySize(files);
    if (tooLarge.length > 0) setRefused({ source, files: tooLarge });
    const added = accepted.map((file): Attachment => {
      const previewUrl = isImage(mediaTypeOf(file)) ? URL.createObjectURL(file) : null;
      if (previewUrl) urls.current.add(previewUrl);
      return { id: `att-${++nextId}`, file, previewUrl };
    });
    if (added.length > 0) setAttachments((list) => [...list, ...added]);
  }, [imagesOnlyRef]);

  const remove = useCallback((id: string) => {
    setAttachments((list) => {
      release(list.filter((a) => a.id === id));
      return list.filter((a) => a.id !== id);
    });
  }, []);

  /** Empties the list; the files themselves are the caller's now (being sent). */
  const clear = useCallback(() => {
    setAttachments((list) => {
      release(list);
      return [];
    });
  }, []);

  useEffect(() => {
    const live = urls.current;
    return () => {
      for (const url of live) URL.revokeObjectURL(url);
      live.clear();
    };
  }, []);

  return {
    attachments,
    add,
    remove,
    clear,
    refused,
    dismissRefused: () => setRefused(null),
    unsupported,
    dismissUnsupported: () => setUnsupported(null),
  };
}
