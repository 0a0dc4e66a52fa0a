//! Ctrl-C during a long call.
//!
//! Python runs its signal handlers (SIGINT's raises `KeyboardInterrupt`)
//! only when its own thread gets to, so a call that held that thread for
//! the whole batch would hear Ctrl-C only at the end. Here the work runs on
//! a thread of its own, and the calling thread waits with the GIL released,
//! waking every [`TICK`] to let the handlers run: a handler's exception is
//! raised at once, and the work is told to stop through a flag. Its workers
//! take no more boards, a search (solve, count, the uniqueness check before
//! rating) ends within a millisecond or so, and what is left of the work is
//! dropped. The work's thread is not waited for: a board being rated (the
//! logic ladder cannot be stopped half way) finishes in the background.
//!
//! The work runs on a runner thread kept for the next call once done:
//! starting a thread costs tens of microseconds, ten times what a call of
//! one board takes. Work known to be quick (a few boards, no ladder, no
//! long count) runs on the calling thread itself, as it always did: even
//! handing it over would cost more than doing it.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, RecvTimeoutError, SendError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;

/// How often the calling thread looks for signals while the work runs.
const TICK: Duration = Duration::from_millis(50);

/// Runs `work` with the GIL released, raising a signal handler's exception
/// (Ctrl-C's `KeyboardInterrupt`) within [`TICK`] of the signal. `work` is
/// given the stop flag, set once the call has ended that way: it should
/// look at it between boards, and pass it to searches. `quick` work, which
/// takes a few milliseconds at most, runs here, and a signal is handled
/// when it is done.
pub fn interruptible<T, F>(py: Python<'_>, quick: bool, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&AtomicBool) -> PyResult<T> + Send + 'static,
{
    if quick {
        let never = AtomicBool::new(false);
        return py.detach(|| work(&never));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (done_tx, done_rx) = sync_channel(1);
    dispatch(Box::new(move || {
        let result = panic::catch_unwind(AssertUnwindSafe(|| work(&flag)));
        // The caller may have gone (interrupted): then nobody listens.
        let _ = done_tx.send(result);
    }))
    .map_err(|error| PyRuntimeError::new_err(format!("cannot start a thread: {error}")))?;
    let mut done_rx = done_rx;
    loop {
        // The receiver goes along and back: it is Send but not Sync.
        let (received, rx) = py.detach(move || (done_rx.recv_timeout(TICK), done_rx));
        done_rx = rx;
        match received {
            Ok(Ok(result)) => return result,
            // The work panicked: PyO3 raises it as a `PanicException`.
            Ok(Err(panicked)) => panic::resume_unwind(panicked),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the worker thread ended unanswered",
                ))
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(error) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(error);
                }
            }
        }
    }
}

/// Whether the work was told to stop.
pub fn stopped(stop: &AtomicBool) -> bool {
    stop.load(Ordering::Relaxed)
}

/// What stopped work returns: never seen, as the call that set the flag has
/// already raised its own exception.
pub fn halted() -> PyErr {
    PyKeyboardInterrupt::new_err("stopped")
}

/// `Err(halted())` once the work was told to stop.
pub fn go_on(stop: &AtomicBool) -> PyResult<()> {
    if stopped(stop) {
        return Err(halted());
    }
    Ok(())
}

/// Work for a runner thread.
type Job = Box<dyn FnOnce() + Send>;

/// The runner threads waiting for work (a sender to each one's inbox), and
/// the process they run in: a child forked from this process has none of
/// them.
static IDLE: Mutex<(u32, Vec<Sender<Job>>)> = Mutex::new((0, Vec::new()));

/// Runs `job` on an idle runner thread, or on a new one.
fn dispatch(mut job: Job) -> std::io::Result<()> {
    let process = std::process::id();
    // Not waiting for the lock: in a child forked while another thread
    // held it, it would never come.
    let idle = match IDLE.try_lock() {
        Ok(mut idle) if idle.0 == process => idle.1.pop(),
        _ => None,
    };
    if let Some(inbox) = idle {
        match inbox.send(job) {
            Ok(()) => return Ok(()),
            // That runner is gone (it cannot be, but then a new one).
            Err(SendError(back)) => job = back,
        }
    }
    let (inbox, jobs) = channel::<Job>();
    let home = inbox.clone();
    // The first job waits in the inbox for the thread.
    let _ = inbox.send(job);
    std::thread::Builder::new()
        .name("sudoku_cli".into())
        .spawn(move || {
            // Never ends: the runner holds a sender to its own inbox.
            for job in jobs.iter() {
                job();
                if let Ok(mut idle) = IDLE.lock() {
                    if idle.0 != process {
                        *idle = (process, Vec::new());
                    }
                    idle.1.push(home.clone());
                }
            }
        })?;
    Ok(())
}
