// The kiosk's logo (rule: kiosk-identity): one stream ('kiosk-logo') holding the uploaded image
// itself, so every process of any deployment serves the same logo and a backup carries it. The
// file is checked before (logoTypeOf, kiosk.ts); the version is a hash of its bytes, which the
// logo's URL carries so a new logo is never an old one from a cache.
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import type { LogoType } from './kiosk.js';

export const LOGO_STREAM = 'kiosk-logo';

export interface Logo {
  type: LogoType;
  /** The file's bytes, base64. */
  data_base64: string;
  /** A hash of the bytes (the URL's ?v=). */
  version: string;
}

export type LogoEvent = DomainEvent<'LogoUploaded', Logo> | DomainEvent<'LogoRemoved', Record<string, never>>;

/** The logo's events: their decoding point (domain/shared/events.ts). */
export const logoEvents = eventsOf<LogoEvent>({
  LogoUploaded: true,
  LogoRemoved: true,
});

export type LogoCommand = { type: 'UploadLogo'; logo: Logo } | { type: 'RemoveLogo' };
export type LogoState = { logo: Logo | null };

export const logoDecider: Decider<LogoCommand, LogoEvent, LogoState> = {
  initialState: () => ({ logo: null }),
  evolve: (_state, event) => ({ logo: event.type === 'LogoUploaded' ? event.data : null }),
  decide(command, state) {
    switch (command.type) {
      case 'UploadLogo':
        // The same file again changes nothing.
        return state.logo?.version === command.logo.version ? [] : [{ type: 'LogoUploaded', data: command.logo }];
      case 'RemoveLogo':
        return state.logo ? [{ type: 'LogoRemoved', data: {} }] : [];
      default:
        return assertNever(command);
    }
  },
};
