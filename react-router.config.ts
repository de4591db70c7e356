import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel builds (e.g. several test runs) keep apart.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
