// The kiosk's own name, tagline and logo (issue 46, rule kiosk-identity): the name every page,
// mail, PDF, ticket, status screen, SMS and the installed app's manifest shows. A fresh install is
// "Pizzakiosken" with its tagline, so SPEC's texts hold until the owner names the kiosk.
import { z } from 'zod';
import { msg } from '../messages.js';

export const DEFAULT_KIOSK_NAME = 'Pizzakiosken';
export const DEFAULT_KIOSK_TAGLINE = 'Stenugnsbakad pizza, beställd i förväg';
export const KIOSK_NAME_MAX = 60;
export const KIOSK_TAGLINE_MAX = 120;

export interface KioskIdentity {
  name: string;
  tagline: string;
}

export const defaultKioskIdentity = (): KioskIdentity => ({ name: DEFAULT_KIOSK_NAME, tagline: DEFAULT_KIOSK_TAGLINE });

/** The name as the settings form takes it: required, trimmed, at most 60 characters. */
export const kioskNameSchema = z
  .string({ error: msg.kioskNameRequired })
  .trim()
  .min(1, { error: msg.kioskNameRequired })
  .max(KIOSK_NAME_MAX, { error: msg.kioskNameRequired });

/** The tagline: may be blank (no tagline shown), at most 120 characters. */
export const kioskTaglineSchema = z
  .string({ error: msg.kioskTaglineTooLong })
  .trim()
  .max(KIOSK_TAGLINE_MAX, { error: msg.kioskTaglineTooLong });

// ---- the logo ----

/** The largest logo taken, in bytes: a header image and an icon, not a photo. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * What an uploaded file is, by its content (never by its name or the type the browser claims):
 * a PNG by its 8-byte signature (ISO/IEC 15948, 5.2), an SVG by an <svg> root element. An SVG is
 * refused when it could run script or fetch anything when opened on its own (it is served from the
 * kiosk's own origin): <script>, on* attributes, javascript: URLs, <foreignObject>, external
 * references (href to anything but a fragment or data:image). Answers the type or the Swedish refusal.
 */
export function logoTypeOf(bytes: Uint8Array): { type: LogoType } | { error: string } {
  if (bytes.length === 0) return { error: msg.logoType };
  if (bytes.length > LOGO_MAX_BYTES) return { error: msg.logoTooLarge(LOGO_MAX_BYTES / 1024) };
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return { type: 'image/png' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { error: msg.logoType };
  }
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .trim();
  if (!/^<svg[\s>]/i.test(body) || !/<\/svg\s*>\s*$/i.test(body)) return { error: msg.logoType };
  const unsafe =
    /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|<!ENTITY/i.test(text) ||
    /(?:xlink:)?href\s*=\s*["'](?!#|data:image\/)/i.test(text) ||
    /url\(\s*["']?(?!#|data:image\/)/i.test(text);
  return unsafe ? { error: msg.logoUnsafeSvg } : { type: 'image/svg+xml' };
}

/**
 * The seller as mails, PDFs and the ticket print it, with the kiosk's own name beside the legal
 * one (rule: kiosk-identity): `kiosk_name` leads the signature where it differs from the legal name.
 */
export const withKioskName = <S extends object>(settings: {
  seller: S;
  kiosk_name: string;
}): S & { kiosk_name: string } => ({
  ...settings.seller,
  kiosk_name: settings.kiosk_name,
});
