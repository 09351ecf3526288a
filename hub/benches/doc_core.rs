//! The document core's hot path: an editor's keystroke arrives as a y-sync update, is applied to
//! the document, encoded for the other editors (fan-out) and handed out for persistence.
//!
//! `cargo bench -p hub --bench doc_core`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use hub::doc::core::{DocCore, Output};
use yrs::sync::{Message, SyncMessage};
use yrs::updates::encoder::Encode;
use yrs::{Doc, ReadTxn, Text, Transact};

/// One keystroke of an editor as the frame its client sends, typed after `prior` characters.
fn keystroke_frames(count: usize) -> Vec<Vec<u8>> {
    let doc = Doc::with_client_id(42);
    let text = doc.get_or_insert_text("body");
    (0..count)
        .map(|i| {
            let before = doc.transact().state_vector();
            text.insert(&mut doc.transact_mut(), i as u32, "字");
            let update = doc.transact().encode_state_as_update_v1(&before);
            Message::Sync(SyncMessage::Update(update)).encode_v1()
        })
        .collect()
}

fn room_with_editors(editors: u64) -> DocCore {
    let mut core = DocCore::default();
    for conn in 0..editors {
        core.connect(conn, false);
    }
    core
}

fn bench(c: &mut Criterion) {
    let frames = keystroke_frames(1000);
    let mut group = c.benchmark_group("doc_core");
    group.throughput(Throughput::Elements(frames.len() as u64));
    for editors in [2u64, 5, 20] {
        group.bench_function(format!("1000 keystrokes, {editors} editors (apply + encode + fan-out + persist hand-off)"), |b| {
            b.iter_batched(
                || room_with_editors(editors),
                |mut core| {
                    let mut frames_out = 0usize;
                    for frame in &frames {
                        for output in core.receive(0, frame).expect("valid update") {
                            if let Output::Broadcast { frame, .. } = output {
                                frames_out += frame.len() * (editors as usize - 1);
                            }
                        }
                        frames_out += core.take_updates().len();
                    }
                    frames_out
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
    c.bench_function("snapshot_v2 of a 1000-keystroke document", |b| {
        let mut core = room_with_editors(1);
        for frame in &frames {
            core.receive(0, frame).unwrap();
        }
        b.iter(|| core.snapshot_v2().len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
