// "Client metadata documents": the hosts this school accepts HTTPS client_ids from (a bare host
// allows any port), the "open registration" switch (any host), and the review queue, where
// "Approve" lifts the read-only limit of an unreviewed client and "Block" refuses it (asking first,
// with the grants it ends).
import { AreaNotFound } from '../../services/audit/actor.ts';
import { InvalidHost } from '../../services/auth/client-metadata/admission.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { checked, field, isUuid } from '../areas/forms.ts';
import { confirmPage } from '../areas/confirm-page.ts';
import type { AdminPageDeps } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

const PURPOSES = {
  hosts: 'admin:metadata:hosts',
  open: 'admin:metadata:open-registration',
  review: 'admin:metadata:review',
} as const;
/** Catalogue keys of the review states (docs/development.md "Page languages"). */
const REVIEW_STATES: Record<string, string> = {
  unreviewed: 'admin.metadata.state.unreviewed',
  approved: 'admin.metadata.state.approved',
  blocked: 'admin.metadata.state.blocked',
};

export function mountMetadataDocuments({ router, area, admin }: AdminPageDeps): void {
  async function view({ ctx, page, csrf, person }: AreaCall, extra: Record<string, unknown> = {}, status = 200) {
    const clients = await admin.metadataDocuments.queue(ctx.site.id);
    const csrfTokens = { hosts: csrf(PURPOSES.hosts), open: csrf(PURPOSES.open), review: csrf(PURPOSES.review) };
    return page(
      './admin/metadata-documents',
      {
        titleKey: 'admin.metadata.title',
        current: '/admin/metadata-documents',
        hosts: ctx.site.allowedMetadataHosts,
        openRegistration: ctx.site.openRegistration,
        clients,
        states: REVIEW_STATES,
        csrfTokens,
        newHost: '',
        // Admins see the hosts but only owners change them (the service enforces it).
        canChangeHosts: person.roles.includes('owner'),
        ...extra,
      },
      status,
    );
  }

  router.get(
    '/metadata-documents',
    area.page((call) => view(call)),
  );

  router.post(
    '/metadata-documents/hosts',
    area.action(PURPOSES.hosts, async (call) => {
      const input = field(call.body, 'host') ?? '';
      try {
        await admin.metadataDocuments.addHost(call.actor, input);
      } catch (error) {
        if (!(error instanceof InvalidHost)) throw error;
        return view(call, { hostError: error.text, newHost: input }, 400);
      }
      return { redirect: '/admin/metadata-documents?done=host-added' };
    }),
  );

  router.post(
    '/metadata-documents/hosts/remove',
    area.action(PURPOSES.hosts, async ({ actor, body }) => {
      await admin.metadataDocuments.removeHost(actor, field(body, 'host') ?? '');
      return { redirect: '/admin/metadata-documents?done=host-removed' };
    }),
  );

  router.post(
    '/metadata-documents/open-registration',
    area.action(PURPOSES.open, async ({ actor, body }) => {
      await admin.metadataDocuments.setOpenRegistration(actor, checked(body, 'enabled'));
      return { redirect: '/admin/metadata-documents?done=open-registration' };
    }),
  );

  router.get(
    '/metadata-documents/review/:client/block',
    area.page(async (call) => {
      const rowId = call.params.client;
      const client = isUuid(rowId)
        ? (await admin.metadataDocuments.queue(call.ctx.site.id)).find((c) => c.rowId === rowId)
        : undefined;
      if (!client) throw new AreaNotFound(textKey('admin.metadata.error.noSuchClient'));
      const holders = (await admin.connectedApps.list(call.ctx.site.id)).filter((a) => a.clientRowId === client.rowId);
      return confirmPage(call, {
        titleKey: 'adminSafety.confirm.block.title',
        titleVars: { name: client.name },
        current: '/admin/metadata-documents',
        consequences: [
          textKey('adminSafety.confirm.block.text', {
            name: client.name,
            count: holders.reduce((sum, a) => sum + a.grants, 0),
          }),
          textKey('adminSafety.confirm.block.after'),
        ],
        action: '/admin/metadata-documents/review',
        csrfToken: call.csrf(PURPOSES.review),
        fields: [
          ['client', client.rowId],
          ['decision', 'block'],
        ],
        button: textKey('admin.metadata.block'),
        cancel: '/admin/metadata-documents',
      });
    }),
  );

  router.post(
    '/metadata-documents/review',
    area.action(PURPOSES.review, async ({ actor, body }) => {
      const client = field(body, 'client');
      const decision = field(body, 'decision');
      if (!isUuid(client) || (decision !== 'approve' && decision !== 'block'))
        throw new AreaNotFound(textKey('admin.metadata.error.noSuchClient'));
      await admin.metadataDocuments.review(actor, client, decision === 'approve' ? 'approved' : 'blocked');
      return { redirect: `/admin/metadata-documents?done=${decision === 'approve' ? 'approved' : 'blocked'}` };
    }),
  );
}
