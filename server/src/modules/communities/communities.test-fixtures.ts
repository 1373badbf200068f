import type { TestContext } from '../../../test/helpers.ts';

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls through the app's whole request path; `headers` of a person from insertFans, or none (anonymous). */
export function communitiesApi(ctx: TestContext) {
  const call = (method: Method, url: string, headers?: Headers, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    create: (body: unknown, headers?: Headers) => call('POST', '/api/communities', headers, body),
    async createOk(body: { name: string; description?: string; isPublic: boolean; communityImage?: string }, headers: Headers): Promise<string> {
      const res = await call('POST', '/api/communities', headers, { description: '', ...body });
      if (res.statusCode !== 201) throw new Error(`create community failed: ${res.body}`);
      return res.json().data.communityId;
    },
    join: (id: string, userId: string, headers?: Headers) => call('POST', `/api/communities/join-community/${id}`, headers, { userId }),
    leave: (id: string, headers?: Headers) => call('DELETE', `/api/communities/join-community/${id}`, headers),
    /** A public and a private community run by `admin`, with each of `members` a member of both (approved). */
    async publicAndPrivate(
      names: { public: string; private: string },
      admin: { headers: Headers },
      members: { user: { id: string }; headers: Headers }[],
    ): Promise<{ publicId: string; privateId: string }> {
      const publicId = await this.createOk({ name: names.public, description: 'Open to all.', isPublic: true }, admin.headers);
      const privateId = await this.createOk({ name: names.private, description: 'Members only.', isPublic: false }, admin.headers);
      for (const p of members) {
        await this.join(publicId, p.user.id, p.headers);
        await this.join(privateId, p.user.id, p.headers);
        await call('POST', `/api/communities/${privateId}/join-requests/${p.user.id}/approve`, admin.headers);
      }
      return { publicId, privateId };
    },
    async discussionOk(communityId: string, body: { title: string; body?: string; spoiler?: boolean }, headers: Headers): Promise<string> {
      const res = await call('POST', `/api/communities/${communityId}/discussions`, headers, body);
      if (res.statusCode !== 201) throw new Error(`create discussion failed: ${res.body}`);
      return res.json().data.discussionId;
    },
    async commentOk(communityId: string, discussionId: string, body: { text: string; parentId?: string; spoiler?: boolean }, headers: Headers): Promise<string> {
      const res = await call('POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, headers, body);
      if (res.statusCode !== 201) throw new Error(`create comment failed: ${res.body}`);
      return res.json().data.commentId;
    },
  };
}

export const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;
export const MISSING = '00000000-0000-4000-8000-00000000dead';
