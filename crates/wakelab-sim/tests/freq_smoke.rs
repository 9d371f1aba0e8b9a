//! Construction of every preset with every governor / version it supports.
use wakelab_sim::freq::*;
use wakelab_sim::kernel::KernelVersion;
use wakelab_sim::topology::{MachineShape, Numbering, Topology};

pub fn shape(sockets: u16, llcs: u16, cores: u16, smt: u8, cap: Vec<u16>) -> MachineShape {
    MachineShape {
        sockets,
        nodes_per_socket: 1,
        llcs_per_socket: llcs,
        cores_per_llc: cores,
        smt,
        numbering: if smt > 1 {
            Numbering::X86
        } else {
            Numbering::Linear
        },
        cluster_capacity: cap,
        numa_remote_distance: 21,
        numa_socket_distance: 11,
    }
}

#[test]
fn presets_build() {
    let machines = [
        (skl_client_8t(), shape(1, 1, 4, 2, vec![])),
        (clx_2s_80t(), shape(2, 1, 20, 2, vec![])),
        (skx_2s_88t(), shape(2, 1, 22, 2, vec![])),
        (
            pixel2(),
            shape(1, 2, 4, 1, PIXEL2_CLUSTER_CAPACITY.to_vec()),
        ),
    ];
    for (m, s) in machines {
        m.validate().unwrap();
        let topo = Topology::new(&s).unwrap();
        for v in KernelVersion::ALL {
            for g in [
                Governor::Performance,
                Governor::Powersave,
                Governor::Schedutil,
                Governor::Hwp,
            ] {
                let cfg = FreqConfig {
                    governor: g,
                    ..FreqConfig::default()
                };
                let r = FreqModel::new(&m, &cfg, &topo, v);
                let intel = matches!(m.freq.pstates, PStates::Ratio(_));
                assert_eq!(
                    r.is_ok(),
                    intel || g == Governor::Performance || g == Governor::Schedutil,
                    "{g:?} {:?}",
                    r.err()
                );
            }
        }
    }
}
