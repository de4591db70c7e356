/**
 * Reading an action's form: a body that is no form (another content type, a broken
 * multipart body) is the sender's mistake, answered 400, never a server error.
 */
import { data } from "react-router";

export async function requestForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The request body is not a form" }, { status: 400 });
  }
}
