// Types of the build-time module that carries the service's facts the page needs up front (see vite.config.ts).
declare module 'virtual:service-facts' {
  /** The named alphabets, in the service's order. */
  export const ALPHABETS: readonly string[];
  /** Each solver language by code, in the service's order: its name and its expected letter frequencies. */
  export const LANGUAGES: Record<string, { name: string; letters: string; frequencies: number[] }>;
}
