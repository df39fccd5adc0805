// Sized photos instead of full-size originals (docs/local-backend.md "Image transformation"):
// signed URLs of Storage's image transformation (/storage/v1/render/image/sign/...), asked for
// through storage-js's `transform` option. Image transformation is a paid feature on hosted
// Supabase and can be turned off ([storage.image_transformation] enabled = false), so whether the
// render endpoint answers is found out once per session, on the first thumbnail: a 4xx/5xx answer
// means "show the originals" for the rest of the session (kept in sessionStorage), for every image.
// No network tells nothing: the service worker may still have the thumbnail (src/sw.ts), and
// offline, where nothing can be signed, the last URL signed for a photo is used again (the worker
// keys its cache by object path and transform, not by the token).

/** The options storage-js's `transform` takes (the ones the app uses). */
export interface PhotoSize {
  width: number;
  height: number;
  resize: 'cover' | 'contain' | 'fill';
  /** 20-100 */
  quality: number;
}

/** Gallery tiles: 4:3, about half a phone's width at 2-3x pixel density. */
export const GALLERY_THUMB: PhotoSize = { width: 480, height: 360, resize: 'cover', quality: 70 };

/** What storage-js's `storage.from(bucket)` offers for this (structural, for any client). */
export interface SignsUrls {
  createSignedUrl(
    path: string,
    expiresIn: number,
    options?: { transform?: PhotoSize },
  ): Promise<{ data: { signedUrl: string } | null; error: unknown }>;
}

/** Is the render endpoint usable: not known yet, yes, or no (show originals). */
export type TransformSupport = 'unknown' | 'on' | 'off';

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const SUPPORT_KEY = 'arivia-ops-image-transformation';
const REMEMBERED_KEY = 'arivia-ops-thumbnail-urls';
const MAX_REMEMBERED = 300;
/** What a browser sends for an <img>, so the probe gets the same rendition (WebP). */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

function browserStore(name: 'sessionStorage' | 'localStorage'): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[name];
  } catch {
    return undefined;
  }
}

export interface ThumbnailOptions {
  fetch?: typeof globalThis.fetch;
  /** Where the session's decision is kept (sessionStorage in the browser). */
  session?: KeyValueStore;
  /** Where the last signed URL of each thumbnail is kept for offline use (localStorage). */
  remembered?: KeyValueStore;
}

export function createThumbnails(options: ThumbnailOptions = {}) {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const session = 'session' in options ? options.session : browserStore('sessionStorage');
  const remembered = 'remembered' in options ? options.remembered : browserStore('localStorage');
  const stored = session?.getItem(SUPPORT_KEY);
  let support: TransformSupport = stored === 'on' || stored === 'off' ? stored : 'unknown';
  let probing: Promise<TransformSupport> | null = null;
  let probes = 0;

  async function probe(url: string): Promise<TransformSupport> {
    probes += 1;
    let res: Response;
    try {
      res = await fetchImpl(url, { headers: { accept: IMAGE_ACCEPT } });
    } catch {
      return 'unknown';
    }
    await res.arrayBuffer().catch(() => undefined);
    return res.ok ? 'on' : 'off';
  }

  function decide(url: string): Promise<TransformSupport> {
    if (support !== 'unknown') return Promise.resolve(support);
    probing ??= probe(url).then((found) => {
      probing = null;
      if (found !== 'unknown' && support === 'unknown') {
        support = found;
        try {
          session?.setItem(SUPPORT_KEY, found);
        } catch {
          // Private mode or full: the decision is kept in memory only.
        }
      }
      return support;
    });
    return probing;
  }

  function readRemembered(): Map<string, string> {
    try {
      const parsed: unknown = JSON.parse(remembered?.getItem(REMEMBERED_KEY) ?? '{}');
      return new Map(
        Object.entries(parsed && typeof parsed === 'object' ? parsed : {}).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      );
    } catch {
      return new Map();
    }
  }

  return {
    /** The session's decision so far. */
    get support(): TransformSupport {
      return support;
    },
    /** How many times the render endpoint was probed (once per session at most, when online). */
    get probes(): number {
      return probes;
    },
    /**
     * The sized image of each path, or null where the original is to be shown (transformation
     * off for this session, or the path could not be signed and was never signed before).
     */
    async urls(
      files: SignsUrls,
      bucket: string,
      paths: readonly string[],
      size: PhotoSize,
      expiresIn: number,
    ): Promise<Map<string, string | null>> {
      const out = new Map<string, string | null>(paths.map((p) => [p, null]));
      if (support === 'off' || paths.length === 0) return out;
      const signed = await Promise.all(
        paths.map(async (path) => {
          try {
            const { data, error } = await files.createSignedUrl(path, expiresIn, {
              transform: size,
            });
            return [path, error || !data ? null : data.signedUrl] as const;
          } catch {
            return [path, null] as const;
          }
        }),
      );
      const first = signed.find(([, url]) => url !== null)?.[1];
      if (first && (await decide(first)) === 'off') return out;

      const sizeKey = `${size.width}x${size.height}-${size.resize}-q${size.quality}`;
      const memo = readRemembered();
      let changed = false;
      for (const [path, url] of signed) {
        const key = `${bucket}/${path}#${sizeKey}`;
        if (url) {
          // Re-inserted: the most recently signed are kept last, the oldest dropped first.
          memo.delete(key);
          memo.set(key, url);
          changed = true;
        }
        out.set(path, url ?? memo.get(key) ?? null);
      }
      if (changed && remembered) {
        const kept = [...memo].slice(-MAX_REMEMBERED);
        try {
          remembered.setItem(REMEMBERED_KEY, JSON.stringify(Object.fromEntries(kept)));
        } catch {
          // Full: offline, photos never shown before fall back to their originals.
        }
      }
      return out;
    },
  };
}

export type Thumbnails = ReturnType<typeof createThumbnails>;

/** The app's one instance: the decision holds for the whole session (tab). */
export const thumbnails: Thumbnails = createThumbnails();
