// `npm run bench`: every benchmark in turn. Each prints its own baseline beside its figures.
await import("./users-data.bench.ts");
await import("./feedback-form.bench.ts");
await import("./ws-fanout.bench.ts");

export {};
