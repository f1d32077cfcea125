/** Runs once when the server starts: bring the schema up to date and start the in-app worker. */
export async function register() {
  // Next.js compiles this file for the Edge runtime too; the Node-only code is imported behind the
  // check (Next's documented pattern), so the Edge build has nothing to warn about.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    await registerNode();
  }
}
