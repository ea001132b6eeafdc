/**
 * Programs that misbehave in every way a whole program can (stalls, a slow start, a flood, a crash, an exit code,
 * input after its end, an orphaned child, stdin read directly, the terminal asked about), as Python functions for a
 * test module `game.py`: the program runners' tests (on a terminal, on pipes, forked) call them by name.
 */
export const MISBEHAVING_PROGRAMS = `
def stall():
    input('col? ')
    while True:
        pass

def slow_start():
    time.sleep(30)

def flood():
    while True:
        print('x' * 80)

def crash():
    input('col? ')
    return [][1]

def leave():
    input('col? ')
    sys.exit(0)

def code():
    os._exit(4)

def ask_forever():
    while True:
        try:
            input('col? ')
        except EOFError:
            print('eof')

def orphan():
    os.system('sleep 20 &')
    print('left a child behind')

def reads_stdin():
    print('read', sys.stdin.readline().strip())

def terminal():
    import shutil
    print(os.environ.get('TERM'), shutil.get_terminal_size().columns, file=sys.stderr)
`;
