import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { HINTS } from '../hints.js';
import { useMe } from '../shell/capabilities-context.js';
import { useChrome, useScreenKeys } from '../shell/screen-slot.js';

/**
 * An admin key's people screen (issue 50 item 5, decision 834): people and keys are the operator's — their routes
 * (`/admin/orgs/{orgId}/people|keys`) take the service's admin token, which an organization's API key, the TUI's only
 * credential, never is. So the screen says who this key is and lists the commands, the organization's id filled in,
 * rather than ask for the operator's token in a terminal UI that keeps it in memory.
 */
export const PeopleScreen = () => {
  const me = useMe();
  useChrome({ title: 'People', hints: HINTS.people });
  useScreenKeys(() => false);
  if (!me) return <Text dimColor>Reading who this key is…</Text>;
  const org = me.orgId;
  const commands: readonly (readonly [string, string])[] = [
    [`assay admin people list ${org}`, 'people: name, email, role, keys'],
    [`assay admin people add ${org} --name "Ada L" --email ada@example.com --role recruiter`, 'add a person'],
    [`assay admin keys add ${org} --person PERSON_ID`, 'issue a key for them (shown once)'],
    [`assay admin keys list ${org}`, 'every key, revoked ones too'],
    [`assay admin keys revoke ${org} KEY_ID`, 'revoke one key; the others keep working'],
  ];
  return (
    <Box flexDirection="column">
      <Text wrap="wrap">
        This key: <Text bold>{me.shownAs}</Text>
        {me.person.email ? ` <${me.person.email}>` : ''} · {me.role} · key {me.keyId} · organization {org}
      </Text>
      <Text> </Text>
      <Text wrap="wrap">
        People and their keys are managed with the operator's admin token (ASSAY_ADMIN_TOKEN), not an API key, so not from here. With it, in a shell:
      </Text>
      <Text> </Text>
      {commands.map(([command, what]) => (
        <Box key={command} flexDirection="column">
          <Text wrap="wrap" color="cyan">
            {'  '}
            {command}
          </Text>
          <Text dimColor wrap="truncate-end">
            {'    '}
            {what}
          </Text>
        </Box>
      ))}
      <Text> </Text>
      <Text dimColor wrap="wrap">
        Roles: admin (everything), recruiter (invites, links, decisions; not the org's settings), reviewer (reads, grades, notes, rates). Histories, notes and
        decisions name the person.
      </Text>
    </Box>
  );
};
