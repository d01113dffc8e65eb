// Types of the build-time module that carries each language's expected letter frequencies (see vite.config.ts).
declare module 'virtual:letter-frequencies' {
  const frequencies: Record<string, { letters: string; frequencies: number[] }>;
  export default frequencies;
}
