// The value of a call through the generated client, or a failure that names the status and the
// problem it answered: arranging steps read as plain values, and a refusal says why.
export async function answered<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
  return data;
}
