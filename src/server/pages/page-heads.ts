import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Head tags for one kind of page (its title and share meta), or null when the page is not its kind. */
type HeadRenderer = (app: FastifyInstance, request: FastifyRequest) => Promise<string | null>;

/**
 * The page-head renderers of an app: the first that answers writes the page's head, else index.html's default title
 * stays.
 */
class PageHeads {
  private readonly renderers: HeadRenderer[] = [];

  add(renderer: HeadRenderer): void {
    this.renderers.push(renderer);
  }

  async render(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
    for (const render of this.renderers) {
      const head = await render(app, request);
      if (head) return head;
    }
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    pageHeads: PageHeads;
  }
}

/** Decorates `app.pageHeads`; plugins of page kinds (pet-share-meta.ts) add their renderer to it. */
export const pageHeadsPlugin = fp(
  async (app) => {
    app.decorate('pageHeads', new PageHeads());
  },
  { name: 'page-heads', fastify: '5.x' },
);
