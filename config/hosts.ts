/**
 * The hosts table: which host serves which channel in which country. One table for
 * the whole shop; the local `*.localhost` defaults need no setup, a production table
 * comes from the HOSTS_FILE (JSON) named in the environment.
 */
import { z } from "zod";
import { COUNTRY_CODES, type Country } from "../domain/locales";
import { CHANNEL_IDS, type ChannelId } from "./channels";

export interface HostEntry {
  /** Host name without port, lowercase. */
  host: string;
  channel: ChannelId;
  country: Country;
  /** The host redirects to this channel and country go to; one per channel and country. */
  canonical: boolean;
}

export interface Site {
  channel: ChannelId;
  country: Country;
}

export const hostEntrySchema = z.object({
  host: z
    .string()
    .min(1)
    .transform((h) => h.toLowerCase()),
  channel: z.enum(CHANNEL_IDS),
  country: z.enum(COUNTRY_CODES as [Country, ...Country[]]),
  canonical: z.boolean().default(true),
});
export const hostTableSchema = z.array(hostEntrySchema);

/** The local defaults: `{cc}.{channel}.localhost`, `{channel}.localhost` (Germany), `localhost` (cards, Germany). */
export function localHostTable(): HostEntry[] {
  const entries: HostEntry[] = [];
  for (const channel of CHANNEL_IDS) {
    for (const country of COUNTRY_CODES) {
      const germany = country === "DE";
      entries.push({
        host: germany ? `${channel}.localhost` : `${country.toLowerCase()}.${channel}.localhost`,
        channel,
        country,
        canonical: true,
      });
      if (germany) {
        entries.push({ host: `de.${channel}.localhost`, channel, country, canonical: false });
      }
    }
  }
  entries.push({ host: "localhost", channel: "cards", country: "DE", canonical: false });
  entries.push({ host: "127.0.0.1", channel: "cards", country: "DE", canonical: false });
  return entries;
}

export const DEFAULT_SITE: Site = { channel: "cards", country: "DE" };

/** Strips the port and lower-cases a Host header. */
export function hostName(hostHeader: string | null | undefined): string {
  if (!hostHeader) return "";
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.replace(/:\d+$/, "");
}

export class HostTable {
  private readonly byHost = new Map<string, HostEntry>();
  private readonly canonical = new Map<string, HostEntry>();

  constructor(entries: HostEntry[]) {
    for (const entry of entries) {
      this.byHost.set(entry.host, entry);
      const key = `${entry.channel}:${entry.country}`;
      if (entry.canonical || !this.canonical.has(key)) this.canonical.set(key, entry);
    }
  }

  /** The site a host serves, or null for a host not in the table. */
  resolve(hostHeader: string | null | undefined): Site | null {
    const entry = this.byHost.get(hostName(hostHeader));
    return entry ? { channel: entry.channel, country: entry.country } : null;
  }

  /**
   * The origin of a channel's country site, seen from the current request: local
   * hosts keep the request's protocol and port, others are https.
   */
  originFor(site: Site, requestUrl: URL): string | null {
    const entry = this.canonical.get(`${site.channel}:${site.country}`);
    if (!entry) return null;
    if (entry.host === "localhost" || entry.host.endsWith(".localhost")) {
      return `${requestUrl.protocol}//${entry.host}${requestUrl.port ? `:${requestUrl.port}` : ""}`;
    }
    return `https://${entry.host}`;
  }

  /** Every host in the table (for allow-listing redirect targets). */
  hosts(): string[] {
    return [...this.byHost.keys()];
  }
}

/** The table: the local defaults, overlaid with the production entries when given. */
export function createHostTable(productionEntries: HostEntry[] = []): HostTable {
  return new HostTable([...localHostTable(), ...productionEntries]);
}
