// CORS for browser calls to functions: on Supabase a function answers its own preflight and puts
// these headers on every response (the local backend's gateway adds the same).
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function preflight(req: Request): Response | undefined {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : undefined;
}
