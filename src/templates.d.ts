// Text files imported with `?raw` are inlined by the bundler (templates/ for `init`).
declare module "*?raw" {
  const text: string;
  export default text;
}
declare const __ENGINE_VERSION__: string;
