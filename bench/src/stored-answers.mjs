// What the database holds for a set of attempts (by take-test token): `${token}:${questionId}` → option ids
// as stored (a JSON array). Read directly, after the run, to check that every acknowledged save is there.
import Database from 'better-sqlite3';
import pg from 'pg';

const SQL = (placeholders) =>
  `SELECT invitations.token AS token, answers.question_id AS question, answers.option_ids AS options
   FROM answers JOIN invitations ON invitations.id = answers.invitation_id
   WHERE invitations.token IN (${placeholders})`;

const chunks = (items, size) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export const storedAnswers = async (databaseUrl, tokens) => {
  const stored = new Map();
  const keep = (row) => stored.set(`${row.token}:${row.question}`, row.options);
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      for (const chunk of chunks(tokens, 500))
        db.prepare(SQL(chunk.map(() => '?').join(',')))
          .all(chunk)
          .forEach(keep);
    } finally {
      db.close();
    }
    return stored;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const chunk of chunks(tokens, 500)) {
      const { rows } = await client.query(SQL(chunk.map((_, i) => `$${i + 1}`).join(',')), chunk);
      rows.forEach(keep);
    }
  } finally {
    await client.end();
  }
  return stored;
};
