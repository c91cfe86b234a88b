// The "Connect an agent" section of /llms.txt: the steps for each common MCP client, kept to the
// llmstxt.org shape (an H2 file list of `- [name](url): note` lines, one line each) so a model can
// read it like the rest. The same steps, with more detail, are the docs/agents.md "Connect an agent".
// Only the origin is inserted (the deployment's, never school-written text); what each client does
// is said as its own documentation says it, and what this server does as its code does it
// (services/auth/clients/register-client.ts, services/auth/clients/metadata-document-client.ts, /auth.md).
export function connectAnAgentSection(o: string): string {
  const mcp = `${o}/mcp`;
  return `## Connect an agent

- [Before you connect](${o}/auth.md): without a token the MCP server gives the catalog tools and these documents. An owner or admin gets operator tools by signing in; a member gets their own data only through a member application: an owner switches on "MCP connections" (admin area, Settings, or \`beta_features.mcp_connections\` with \`PATCH ${o}/api/v1/school\`), creates the application under OAuth applications with the client's callback URL, and gives its client ID to the member; the client needs no scope setting (asking for what the MCP server's metadata lists, a member application receives the account scopes the school selected).
- [Registration and metadata documents](${o}/.well-known/oauth-protected-resource/mcp): clients find the authorization server here (RFC 9728). \`POST ${o}/api/oauth/register\` accepts loopback callbacks (\`http://127.0.0.1:<port>/...\`) or the name of an integration the deployment registered; a client identified by a Client ID Metadata Document URL is accepted only from a host an owner allows (admin area, Client metadata documents, or \`allowed_metadata_hosts\` with \`PATCH ${o}/api/v1/school\`), and may only read until the owner approves it there.
- [Claude and Claude Desktop](${mcp}): Settings (or Customize), Connectors, Add custom connector, URL \`${mcp}\`. Claude connects from Anthropic's cloud, for Claude Desktop too, so the school must be on a public HTTPS origin; its callback is a fixed HTTPS URL, so allow the host of its metadata document (the sign-in page names a host it refuses), or for a member enter the member application's client ID under Advanced settings, OAuth Client ID.
- [ChatGPT](${mcp}): turn on developer mode (Settings, Connectors, Advanced), then Settings, Connectors, Create, with the connector URL \`${mcp}\` and OAuth; like Claude it connects from its own servers to a public HTTPS origin and needs an allowed metadata-document host, a registered integration, or a member application's client ID.
- [Cursor](${mcp}): in \`~/.cursor/mcp.json\` (or a project's \`.cursor/mcp.json\`): \`{"mcpServers": {"school": {"url": "${mcp}"}}}\`; Cursor handles the OAuth sign-in of remote servers itself.
- [VS Code](${mcp}): in \`.vscode/mcp.json\`: \`{"servers": {"school": {"type": "http", "url": "${mcp}"}}}\`; for a member application add \`"oauth": {"clientId": "<client_id>"}\` to the server.
- [MCP Inspector](${mcp}): \`npx @modelcontextprotocol/inspector\` opens it in the browser (Streamable HTTP, URL \`${mcp}\`); \`npx @modelcontextprotocol/inspector --cli ${mcp} --transport http --method tools/list\` lists the tools, \`--method resources/read --uri ${o}/llms.txt\` reads a document, and \`--header "Authorization: Bearer <access_token>"\` uses a token you already have.`;
}
