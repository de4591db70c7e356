/** What every account form shares: the action's answer, its message, the page's language. */
import { useActionData, useNavigation } from "react-router";
import type { AccountActionData } from "./account.server";
import { useRootData } from "../lib/rootData";

/** The answer of the page's last form post, and whether one is under way. */
export function useAnswer() {
  const answer = useActionData<AccountActionData>();
  const busy = useNavigation().state === "submitting";
  return { answer, busy };
}

/** A problem of the whole form (not of one field), announced at once. */
export function FormMessage({ answer }: { answer: AccountActionData | undefined }) {
  return answer?.message ? (
    <p className="account-form__message" role="alert">
      {answer.message}
    </p>
  ) : null;
}

export function useLanguage() {
  return useRootData()?.language ?? "de";
}
