// Image transformation options as storage-js sends them (the `transform` option: width, height,
// resize, quality, format), read from a query string or from a signed URL's token.
import { errors } from './errors.ts';

const MAX_DIMENSION = 2500;
export const OUTPUT = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpeg: 'image/jpeg',
} as const;
export type OutputFormat = keyof typeof OUTPUT;
export const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

export interface Transform {
  width?: number;
  height?: number;
  resize: keyof typeof FIT;
  quality: number;
  format?: string;
}

function intParam(name: string, raw: unknown, min: number, max: number): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw errors.invalidParameter(name, `${name} must be an integer from ${min} to ${max}`);
  }
  return n;
}

/** Reads transform options from a query (strings) or a signed URL request's `transform` object. */
export function parseTransform(src: Record<string, unknown>): Transform {
  const resize = src.resize ?? 'cover';
  if (typeof resize !== 'string' || !(resize in FIT)) {
    throw errors.invalidParameter('resize', 'resize must be one of cover, contain, fill');
  }
  const format = src.format;
  if (format !== undefined && format !== null && format !== '') {
    if (typeof format !== 'string' || (format !== 'origin' && !(format in OUTPUT))) {
      throw errors.invalidParameter(
        'format',
        'format must be one of origin, webp, avif, png, jpeg',
      );
    }
  }
  return {
    width: intParam('width', src.width, 1, MAX_DIMENSION),
    height: intParam('height', src.height, 1, MAX_DIMENSION),
    resize: resize as Transform['resize'],
    quality: intParam('quality', src.quality, 20, 100) ?? 80,
    ...(typeof format === 'string' && format !== '' ? { format } : {}),
  };
}
