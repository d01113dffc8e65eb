// Types of the Stryker ignorer plugin (sample-ignorer.mjs, plain JavaScript so that Stryker loads it as it is).
export declare const strykerPlugins: {
  kind: 'Ignore';
  name: string;
  value: { shouldIgnore(path: unknown): string | undefined };
}[];
