//! The machine: packages, NUMA nodes, LLCs, cores, SMT threads, capacities and CPU numbering
//! (spec §1.2, §2), and the sched-domain hierarchy derived from it ([`domains`]).

pub mod domains;

use serde::{Deserialize, Serialize};

use crate::cpumask::{Cpu, CpuMask, MAX_CPUS};

pub use domains::{DomainLevel, LevelKind, SchedDomains, SdFlags};

/// How CPU numbers are assigned to hardware threads. The wrap-around scan order of
/// `for_each_cpu_wrap` depends on it (spec §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Numbering {
    /// x86 enumeration: first every core's thread 0 (socket by socket), then every core's
    /// thread 1, ...: the SMT sibling of CPU N is N + total cores.
    #[default]
    X86,
    /// Siblings adjacent: core k owns CPUs k*smt .. k*smt+smt-1 (arm64, POWER).
    Linear,
}

/// The shape of a machine, as a user edits it. Everything else is derived in [`Topology::new`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineShape {
    pub sockets: u16,
    /// NUMA nodes per socket (1 = node per socket; >1 = Cluster-on-Die / SNC).
    #[serde(default = "one")]
    pub nodes_per_socket: u16,
    /// LLC domains per socket; a multiple of `nodes_per_socket`.
    #[serde(default = "one")]
    pub llcs_per_socket: u16,
    pub cores_per_llc: u16,
    /// SMT threads per core: 1, 2, 4 or 8.
    #[serde(default = "one_u8")]
    pub smt: u8,
    #[serde(default)]
    pub numbering: Numbering,
    /// CPU capacity (0..=1024 scale, `arch_scale_cpu_capacity`) of each LLC cluster of a socket,
    /// in LLC order. Empty = every CPU 1024 (symmetric). On big.LITTLE each cluster is an LLC.
    #[serde(default)]
    pub cluster_capacity: Vec<u16>,
    /// SLIT distance between nodes of different sockets (Linux default for 2 sockets: 21).
    #[serde(default = "remote_distance")]
    pub numa_remote_distance: u8,
    /// SLIT distance between different nodes of one socket (SNC; typically 11 or 12).
    #[serde(default = "socket_distance")]
    pub numa_socket_distance: u8,
}

fn one() -> u16 {
    1
}
fn one_u8() -> u8 {
    1
}
fn remote_distance() -> u8 {
    21
}
fn socket_distance() -> u8 {
    11
}

/// Limits on a machine shape (docs/limits.md).
pub const MAX_SOCKETS: u16 = 8;

/// Error in a machine description, phrased for the field that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("machine.{field}: {message}")]
pub struct ShapeError {
    pub field: &'static str,
    pub message: String,
}

fn shape_err(field: &'static str, message: impl Into<String>) -> ShapeError {
    ShapeError {
        field,
        message: message.into(),
    }
}

impl MachineShape {
    /// `sockets` x `llcs` LLCs x `cores` cores x `smt` threads, one NUMA node per socket,
    /// equal capacities, x86 CPU numbering and the usual two-socket SLIT distances (10 local,
    /// 21 remote; 11 between the nodes of one socket).
    pub fn symmetric(sockets: u16, llcs: u16, cores: u16, smt: u8) -> MachineShape {
        MachineShape {
            sockets,
            nodes_per_socket: 1,
            llcs_per_socket: llcs,
            cores_per_llc: cores,
            smt,
            numbering: Numbering::X86,
            cluster_capacity: vec![],
            numa_remote_distance: 21,
            numa_socket_distance: 11,
        }
    }

    pub fn nr_cpus(&self) -> usize {
        self.sockets as usize
            * self.llcs_per_socket as usize
            * self.cores_per_llc as usize
            * self.smt as usize
    }

    /// Check every field; the first problem found is returned with the field's name.
    pub fn validate(&self) -> Result<(), ShapeError> {
        crate::check::between(self.sockets, 1, MAX_SOCKETS).map_err(|m| shape_err("sockets", m))?;
        if self.nodes_per_socket == 0 {
            return Err(shape_err("nodes_per_socket", "must be at least 1"));
        }
        if self.llcs_per_socket == 0 || !self.llcs_per_socket.is_multiple_of(self.nodes_per_socket)
        {
            return Err(shape_err(
                "llcs_per_socket",
                "must be a positive multiple of nodes_per_socket",
            ));
        }
        if self.cores_per_llc == 0 {
            return Err(shape_err("cores_per_llc", "must be at least 1"));
        }
        if ![1, 2, 4, 8].contains(&self.smt) {
            return Err(shape_err("smt", "must be 1, 2, 4 or 8"));
        }
        let n = self.sockets as u64
            * self.llcs_per_socket as u64
            * self.cores_per_llc as u64
            * self.smt as u64;
        if n > MAX_CPUS as u64 {
            return Err(shape_err(
                "cores_per_llc",
                format!("the machine would have {n} CPUs; the limit is {MAX_CPUS}"),
            ));
        }
        if !self.cluster_capacity.is_empty() {
            if self.cluster_capacity.len() != self.llcs_per_socket as usize {
                return Err(shape_err(
                    "cluster_capacity",
                    format!(
                        "needs one capacity per LLC of a socket ({}), got {}",
                        self.llcs_per_socket,
                        self.cluster_capacity.len()
                    ),
                ));
            }
            // SCHED_CAPACITY_SCALE is 1024: no CPU is more than the biggest one.
            for &c in &self.cluster_capacity {
                crate::check::between(c, 1, 1024)
                    .map_err(|m| shape_err("cluster_capacity", format!("capacities {m}")))?;
            }
        }
        // SLIT distances (ACPI 6.x §5.2.17): 10 is the local node, 255 means unreachable.
        if !(10..=254).contains(&self.numa_remote_distance) {
            return Err(shape_err(
                "numa_remote_distance",
                crate::check::between(self.numa_remote_distance, 10, 254).unwrap_err(),
            ));
        }
        if !(10..=254).contains(&self.numa_socket_distance) {
            return Err(shape_err(
                "numa_socket_distance",
                crate::check::between(self.numa_socket_distance, 10, 254).unwrap_err(),
            ));
        }
        Ok(())
    }
}

/// Where one CPU sits in the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CpuPlace {
    pub socket: u16,
    pub node: u16,
    /// Global LLC index.
    pub llc: u16,
    /// Global core index.
    pub core: u16,
    /// Thread index within the core (0..smt).
    pub thread: u8,
}

/// The derived machine: placement of every CPU, sibling/LLC/node/socket masks and capacities.
#[derive(Clone, Debug)]
pub struct Topology {
    pub shape: MachineShape,
    nr_cpus: usize,
    place: Vec<CpuPlace>,
    /// SMT sibling mask of each core (including the core's own threads), indexed by core.
    core_span: Vec<CpuMask>,
    /// CPUs of each LLC, indexed by global LLC index.
    llc_span: Vec<CpuMask>,
    node_span: Vec<CpuMask>,
    socket_span: Vec<CpuMask>,
    all: CpuMask,
    /// `arch_scale_cpu_capacity` of each CPU (1024 scale) before any per-version SMT scaling.
    arch_capacity: Vec<u16>,
    /// `sd_llc_id`: lowest CPU of the CPU's LLC (spec §1.2).
    llc_id: Vec<Cpu>,
    /// The threads of each core, ascending, `shape.smt` per core one core after the other (hot
    /// loops iterate it instead of a mask; flat, so that finding them is one load).
    core_threads: Vec<Cpu>,
}

impl Topology {
    pub fn new(shape: &MachineShape) -> Result<Topology, ShapeError> {
        shape.validate()?;
        let s = shape;
        let cores_per_socket = s.llcs_per_socket as usize * s.cores_per_llc as usize;
        let total_cores = s.sockets as usize * cores_per_socket;
        let nr_cpus = shape.nr_cpus();
        let llcs_per_node = (s.llcs_per_socket / s.nodes_per_socket) as usize;
        let mut place = vec![
            CpuPlace {
                socket: 0,
                node: 0,
                llc: 0,
                core: 0,
                thread: 0
            };
            nr_cpus
        ];
        let mut core_span = vec![CpuMask::EMPTY; total_cores];
        let nr_llcs = s.sockets as usize * s.llcs_per_socket as usize;
        let mut llc_span = vec![CpuMask::EMPTY; nr_llcs];
        let nr_nodes = s.sockets as usize * s.nodes_per_socket as usize;
        let mut node_span = vec![CpuMask::EMPTY; nr_nodes];
        let mut socket_span = vec![CpuMask::EMPTY; s.sockets as usize];
        let mut arch_capacity = vec![1024u16; nr_cpus];
        for core in 0..total_cores {
            let socket = core / cores_per_socket;
            let llc_in_socket = (core % cores_per_socket) / s.cores_per_llc as usize;
            let llc = socket * s.llcs_per_socket as usize + llc_in_socket;
            let node = socket * s.nodes_per_socket as usize + llc_in_socket / llcs_per_node;
            for t in 0..s.smt as usize {
                let cpu = match s.numbering {
                    Numbering::X86 => t * total_cores + core,
                    Numbering::Linear => core * s.smt as usize + t,
                };
                place[cpu] = CpuPlace {
                    socket: socket as u16,
                    node: node as u16,
                    llc: llc as u16,
                    core: core as u16,
                    thread: t as u8,
                };
                let c = cpu as Cpu;
                core_span[core].set(c);
                llc_span[llc].set(c);
                node_span[node].set(c);
                socket_span[socket].set(c);
                if let Some(&cap) = s.cluster_capacity.get(llc_in_socket) {
                    arch_capacity[cpu] = cap;
                }
            }
        }
        let llc_id = (0..nr_cpus)
            .map(|c| llc_span[place[c].llc as usize].first().unwrap())
            .collect();
        let core_threads = core_span.iter().flat_map(|m| m.to_vec()).collect();
        Ok(Topology {
            shape: shape.clone(),
            nr_cpus,
            place,
            core_span,
            llc_span,
            node_span,
            socket_span,
            all: CpuMask::first_n(nr_cpus),
            arch_capacity,
            llc_id,
            core_threads,
        })
    }

    #[inline]
    pub fn nr_cpus(&self) -> usize {
        self.nr_cpus
    }
    #[inline]
    pub fn all(&self) -> &CpuMask {
        &self.all
    }
    #[inline]
    pub fn place(&self, cpu: Cpu) -> CpuPlace {
        self.place[cpu as usize]
    }
    /// `cpu_smt_mask`: the CPU's core siblings, itself included.
    #[inline]
    pub fn smt_mask(&self, cpu: Cpu) -> &CpuMask {
        &self.core_span[self.place[cpu as usize].core as usize]
    }
    /// The CPU's core siblings (itself included) as a slice, ascending.
    #[inline]
    pub fn smt_threads(&self, cpu: Cpu) -> &[Cpu] {
        let smt = self.shape.smt as usize;
        let first = self.place[cpu as usize].core as usize * smt;
        &self.core_threads[first..first + smt]
    }
    /// Thread `i` of core `core`.
    #[inline]
    pub fn core_span_thread(&self, core: usize, i: usize) -> Cpu {
        self.core_threads[core * self.shape.smt as usize + i]
    }
    /// CPUs of the CPU's LLC.
    #[inline]
    pub fn llc_mask(&self, cpu: Cpu) -> &CpuMask {
        &self.llc_span[self.place[cpu as usize].llc as usize]
    }
    #[inline]
    pub fn node_mask(&self, cpu: Cpu) -> &CpuMask {
        &self.node_span[self.place[cpu as usize].node as usize]
    }
    #[inline]
    pub fn socket_mask(&self, cpu: Cpu) -> &CpuMask {
        &self.socket_span[self.place[cpu as usize].socket as usize]
    }
    pub fn nr_llcs(&self) -> usize {
        self.llc_span.len()
    }
    pub fn nr_cores(&self) -> usize {
        self.core_span.len()
    }
    pub fn nr_nodes(&self) -> usize {
        self.node_span.len()
    }
    pub fn llc_span(&self, llc: usize) -> &CpuMask {
        &self.llc_span[llc]
    }
    pub fn core_span(&self, core: usize) -> &CpuMask {
        &self.core_span[core]
    }
    pub fn node_span(&self, node: usize) -> &CpuMask {
        &self.node_span[node]
    }
    /// `sd_llc_id[cpu]` (spec §1.2).
    #[inline]
    pub fn llc_id(&self, cpu: Cpu) -> Cpu {
        self.llc_id[cpu as usize]
    }
    /// `sd_llc_size[cpu]`.
    #[inline]
    pub fn llc_size(&self, cpu: Cpu) -> usize {
        self.llc_mask(cpu).weight()
    }
    /// `cpus_share_cache(a, b)` ⇔ same `sd_llc_id` (spec §1.2).
    #[inline]
    pub fn cpus_share_cache(&self, a: Cpu, b: Cpu) -> bool {
        self.llc_id[a as usize] == self.llc_id[b as usize]
    }
    /// Whether two CPUs are threads of the same core.
    #[inline]
    pub fn same_core(&self, a: Cpu, b: Cpu) -> bool {
        self.place[a as usize].core == self.place[b as usize].core
    }
    /// Hardware capacity of the CPU (1024 scale) as configured, before the 4.x SMT `smt_gain`
    /// scaling applied by [`SchedDomains`].
    #[inline]
    pub fn arch_capacity(&self, cpu: Cpu) -> u16 {
        self.arch_capacity[cpu as usize]
    }
    /// Whether CPUs differ in capacity (big.LITTLE).
    pub fn is_asymmetric(&self) -> bool {
        let first = self.arch_capacity[0];
        self.arch_capacity.iter().any(|&c| c != first)
    }
    pub fn smt_active(&self) -> bool {
        self.shape.smt > 1
    }
    /// SLIT distance between two nodes.
    pub fn node_distance(&self, a: u16, b: u16) -> u8 {
        let nps = self.shape.nodes_per_socket;
        if a == b {
            10
        } else if a / nps == b / nps {
            self.shape.numa_socket_distance
        } else {
            self.shape.numa_remote_distance
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn shape(
        sockets: u16,
        llcs: u16,
        cores: u16,
        smt: u8,
        n: Numbering,
    ) -> MachineShape {
        MachineShape {
            sockets,
            nodes_per_socket: 1,
            llcs_per_socket: llcs,
            cores_per_llc: cores,
            smt,
            numbering: n,
            cluster_capacity: vec![],
            numa_remote_distance: 21,
            numa_socket_distance: 11,
        }
    }

    #[test]
    fn x86_numbering_puts_sibling_at_n_plus_cores() {
        // 2 sockets x 20 cores x SMT-2 = 80 CPUs (clx-2s-80t)
        let t = Topology::new(&shape(2, 1, 20, 2, Numbering::X86)).unwrap();
        assert_eq!(t.nr_cpus(), 80);
        assert_eq!(t.smt_mask(3).to_vec(), vec![3, 43]);
        assert_eq!(t.smt_mask(43).to_vec(), vec![3, 43]);
        // socket 0 = CPUs 0-19 and 40-59
        assert_eq!(format!("{:?}", t.llc_mask(0)), "0-19,40-59");
        assert_eq!(format!("{:?}", t.llc_mask(25)), "20-39,60-79");
        assert!(t.cpus_share_cache(0, 59));
        assert!(!t.cpus_share_cache(0, 20));
        assert_eq!(t.llc_id(45), 0);
        assert_eq!(t.llc_id(65), 20);
        assert_eq!(t.llc_size(65), 40);
    }

    #[test]
    fn linear_numbering_keeps_siblings_adjacent() {
        let t = Topology::new(&shape(1, 1, 4, 2, Numbering::Linear)).unwrap();
        assert_eq!(t.smt_mask(2).to_vec(), vec![2, 3]);
        assert_eq!(t.place(5).core, 2);
        assert_eq!(t.place(5).thread, 1);
    }

    #[test]
    fn clusters_carry_capacity() {
        let mut s = shape(1, 2, 4, 1, Numbering::Linear);
        s.cluster_capacity = vec![446, 1024];
        let t = Topology::new(&s).unwrap();
        assert!(t.is_asymmetric());
        assert_eq!(t.arch_capacity(0), 446);
        assert_eq!(t.arch_capacity(7), 1024);
        assert_eq!(t.llc_mask(5).to_vec(), vec![4, 5, 6, 7]);
    }

    #[test]
    fn validation_names_the_field() {
        let mut s = shape(1, 1, 4, 3, Numbering::X86);
        assert_eq!(Topology::new(&s).unwrap_err().field, "smt");
        s.smt = 8;
        s.cores_per_llc = 100;
        let e = Topology::new(&s).unwrap_err();
        assert!(e.to_string().contains("limit is 512"), "{e}");
        s.cores_per_llc = 4;
        s.cluster_capacity = vec![100, 200];
        assert_eq!(Topology::new(&s).unwrap_err().field, "cluster_capacity");
    }
}
