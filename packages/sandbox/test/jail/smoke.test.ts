import { it, expect } from 'vitest';
import { sh, cleanUp } from '/work/wt/jail/packages/sandbox/test/jail/jail-fixture.js';
import { jailAvailability } from '/work/wt/jail/packages/sandbox/src/native/jail.js';
it('smoke', async () => {
  console.log(jailAvailability());
  const r = await sh('id; ls /; echo x > /dev/x; echo $PATH; env; cat /proc/1/environ; echo; ls /proc | head; yes | head -c 10');
  console.log(r);
  cleanUp();
});
