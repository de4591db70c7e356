import { Suspense } from "react";
import { lazyWithReload } from "~/lib/navigation";
import { useDialogState } from "~/ui/dialogState";

const LogInDialog = lazyWithReload(() => import("./LogInDialog"));

/** Loads and shows the LogIn dialog while it is the open dialog. */
export function LogInDialogHost() {
  const { current } = useDialogState();
  if (current !== "LogIn") return null;
  return (
    <Suspense fallback={null}>
      <LogInDialog />
    </Suspense>
  );
}
